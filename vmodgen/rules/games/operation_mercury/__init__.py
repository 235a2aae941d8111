"""operation_mercury"""
